import { afterEach, describe, expect, it } from 'vitest';
import { detectLocale, getAppLocale, setAppLocale, subscribeLocale } from './locale.ts';
import { clientErrorMessage } from './error-messages.ts';
import { m } from '../paraglide/messages.js';
import { getLocale } from '../paraglide/runtime.js';

describe('locale detection', () => {
  it('prefers the stored language', () => {
    expect(detectLocale('zh-cn', ['en-US'])).toBe('zh-cn');
    expect(detectLocale('en-us', ['zh-CN'])).toBe('en-us');
  });
  it('ignores an unknown stored value and uses the browser language', () => {
    expect(detectLocale('fr', ['zh-TW', 'en'])).toBe('zh-cn');
    expect(detectLocale(null, ['de-DE', 'en-GB'])).toBe('en-us');
  });
  it('falls back to en-us', () => {
    expect(detectLocale(undefined, ['de-DE'])).toBe('en-us');
    expect(detectLocale(null, [])).toBe('en-us');
  });
});

describe('switching the language', () => {
  afterEach(() => setAppLocale('en-us'));

  it('changes message output in place and notifies subscribers once', () => {
    setAppLocale('en-us');
    let calls = 0;
    const off = subscribeLocale(() => calls++);
    expect(m.common_cancel()).toBe('Cancel');
    setAppLocale('zh-cn');
    expect(getAppLocale()).toBe('zh-cn');
    expect(getLocale()).toBe('zh-cn');
    expect(m.common_cancel()).toBe('取消');
    setAppLocale('zh-cn');
    expect(calls).toBe(1);
    off();
  });

  it('localises the client error catalogue in both languages', () => {
    setAppLocale('en-us');
    expect(clientErrorMessage('network')).toBe('System interface request failed');
    expect(clientErrorMessage('timeout')).toBe('System interface request timed out');
    expect(clientErrorMessage('setup')).toBe('Network request timed out');
    expect(clientErrorMessage('http_status', 'HTTP 502')).toBe('System interface 502 error');
    expect(clientErrorMessage('upload_size')).toBe('Image must smaller than 2MB!');
    setAppLocale('zh-cn');
    expect(clientErrorMessage('http_status', 404)).toBe('系统接口404异常');
    expect(clientErrorMessage('upload_format')).toBe('图片格式错误！');
  });
});
