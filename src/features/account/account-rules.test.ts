import { describe, expect, it } from 'vitest';
import {
  avatarLetter,
  checkChangePassword,
  checkEnLogin,
  checkEnRegister,
  checkRedeemCode,
  checkSmsPhone,
  checkZhLogin,
  checkZhRegister,
  classifyAccount,
  clipCode,
  clipPhone,
} from './account-rules.ts';

describe('zh-cn login', () => {
  const base = { phone: '13800138000', password: 'x', code: '', mode: 'password' as const };
  it('needs a phone first', () => {
    expect(checkZhLogin({ ...base, phone: ' ' })).toBe('phone_required');
  });
  it('needs the password in password mode and the code in code mode', () => {
    expect(checkZhLogin({ ...base, password: '' })).toBe('password_required');
    expect(checkZhLogin({ ...base, password: '', mode: 'code' })).toBe('code_required');
    expect(checkZhLogin({ ...base, password: '', code: '123456', mode: 'code' })).toBeNull();
    expect(checkZhLogin(base)).toBeNull();
  });
});

describe('en-us login', () => {
  it('treats exactly 11 digits as a phone and anything email-like as an email', () => {
    expect(classifyAccount('13800138000')).toBe('phone');
    expect(classifyAccount('1380013800')).toBeNull();
    expect(classifyAccount('138001380001')).toBeNull();
    expect(classifyAccount('a@b.co')).toBe('email');
    expect(classifyAccount('a@b')).toBeNull();
  });
  it('reports required, then format, then password', () => {
    expect(checkEnLogin({ account: '', password: '' })).toBe('account_required');
    expect(checkEnLogin({ account: 'nope', password: '' })).toBe('account_invalid');
    expect(checkEnLogin({ account: 'a@b.co', password: '' })).toBe('password_required');
    expect(checkEnLogin({ account: 'a@b.co', password: 'p' })).toBeNull();
  });
});

describe('sms phone', () => {
  it('only needs a phone at login but exactly 11 characters elsewhere', () => {
    expect(checkSmsPhone('', false)).toBe('phone_required');
    expect(checkSmsPhone('123', false)).toBeNull();
    expect(checkSmsPhone('123', true)).toBe('phone_invalid');
    expect(checkSmsPhone('', true)).toBe('phone_invalid');
    expect(checkSmsPhone('13800138000', true)).toBeNull();
  });
});

describe('register', () => {
  it('zh-cn checks phone, code, password in that order', () => {
    expect(checkZhRegister({ phone: '', code: '', password: '' })).toBe('phone_required');
    expect(checkZhRegister({ phone: '1', code: '', password: '' })).toBe('code_required');
    expect(checkZhRegister({ phone: '1', code: '1', password: '' })).toBe('password_required');
    expect(checkZhRegister({ phone: '1', code: '1', password: 'p' })).toBeNull();
  });
  it('en-us checks email then password', () => {
    expect(checkEnRegister({ email: '', password: 'p' })).toBe('email_required');
    expect(checkEnRegister({ email: 'a@b.co', password: '' })).toBe('password_required');
  });
});

describe('account dialogs', () => {
  it('change password by SMS checks password, repeat, code in order and not their equality', () => {
    const f = { oldPassword: '', password: '', repassword: '', code: '' };
    expect(checkChangePassword(f, 'sms')).toBe('password_required');
    expect(checkChangePassword({ ...f, password: 'a' }, 'sms')).toBe('repassword_required');
    expect(checkChangePassword({ ...f, password: 'a', repassword: 'b' }, 'sms')).toBe('code_required');
    expect(checkChangePassword({ ...f, password: 'a', repassword: 'b', code: '1' }, 'sms')).toBeNull();
  });
  it('change password by the current one checks current, new, repeat in order; no code', () => {
    const f = { oldPassword: '', password: '', repassword: '', code: '' };
    expect(checkChangePassword(f, 'current')).toBe('old_password_required');
    expect(checkChangePassword({ ...f, oldPassword: ' ' }, 'current')).toBe('password_required');
    expect(checkChangePassword({ ...f, oldPassword: 'o', password: 'a' }, 'current')).toBe(
      'repassword_required',
    );
    expect(
      checkChangePassword({ ...f, oldPassword: 'o', password: 'a', repassword: 'b' }, 'current'),
    ).toBeNull();
  });
  it('redeem code must not be empty', () => {
    expect(checkRedeemCode('  ')).toBe('redeem_required');
    expect(checkRedeemCode('ABC')).toBeNull();
  });
  it('clips phone to 11 and code to 6', () => {
    expect(clipPhone('1380013800099')).toBe('13800138000');
    expect(clipCode('12345678')).toBe('123456');
  });
});

describe('avatar letter', () => {
  it('upper-cases letters and keeps digits and Chinese characters', () => {
    expect(avatarLetter('demo Seller')).toBe('D');
    expect(avatarLetter('7eleven')).toBe('7');
    expect(avatarLetter('演示卖家')).toBe('演');
  });
  it('answers null for symbols, emoji and empty names', () => {
    expect(avatarLetter('😀 shop')).toBeNull();
    expect(avatarLetter('_x')).toBeNull();
    expect(avatarLetter('')).toBeNull();
    expect(avatarLetter(null)).toBeNull();
  });
});
