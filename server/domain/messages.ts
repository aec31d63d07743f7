/**
 * Server messages in both languages, selected by the request's `language`.
 * Keys are flat snake_case; placeholders are `{name}`, and a count beside a noun or verb is a
 * plural, `{count, plural, one {# creator} other {# creators}}` (message-format.ts), so English
 * says "1 creator" and "2 creators"; Chinese has one form and writes `{count}` with its measure
 * word. A key missing here falls back to itself; messages.test.ts checks that the keys server code
 * throws or answers with all exist, and count-plurals.test.ts that every count agrees.
 */
import type { Language } from '../../contract/constants.ts';
import { formatMessage, parse } from './message-format.ts';

type Dict = Record<string, { 'zh-cn': string; 'en-us': string }>;

export const MESSAGES: Dict = {
  ok: { 'zh-cn': '成功', 'en-us': 'Success' },
  saved: { 'zh-cn': '保存成功', 'en-us': 'Saved' },
  added: { 'zh-cn': '添加成功', 'en-us': 'Added' },
  updated: { 'zh-cn': '修改成功', 'en-us': 'Updated' },
  deleted: { 'zh-cn': '删除成功', 'en-us': 'Deleted' },
  invalid_param: { 'zh-cn': '参数错误：{field}', 'en-us': 'Invalid parameter: {field}' },
  control_chars: {
    'zh-cn': '{field} 含有不可见的控制字符，请删除后重试',
    'en-us': '{field} contains invisible control characters; remove them and try again',
  },
  idempotency_key_reused: {
    'zh-cn': 'Idempotency-Key 已用于另一个请求',
    'en-us': 'Idempotency-Key reused for a different request',
  },
  list_too_long: {
    'zh-cn': '{field} 最多 {max} 项，请分批提交',
    'en-us':
      '{field} can hold at most {max, plural, one {# item} other {# items}}; send them in smaller batches',
  },
  not_found: { 'zh-cn': '记录不存在', 'en-us': 'Record not found' },
  forbidden: { 'zh-cn': '无权操作', 'en-us': 'You are not allowed to do this' },
  conflict: { 'zh-cn': '记录已存在', 'en-us': 'The record already exists' },
  too_many_requests: {
    'zh-cn': '操作过于频繁，请稍后再试',
    'en-us': 'Too many requests, please try again later',
  },
  vip_required: { 'zh-cn': '该功能需要开通VIP', 'en-us': 'This needs a VIP membership' },
  internal_error: {
    'zh-cn': '系统繁忙，请稍后再试（{requestId}）',
    'en-us': 'Something went wrong, please try again ({requestId})',
  },
  api_not_found: { 'zh-cn': '接口不存在', 'en-us': 'No such API' },
  file_not_found: { 'zh-cn': '文件不存在', 'en-us': 'No such file' },
  body_too_large: { 'zh-cn': '请求内容过大', 'en-us': 'The request body is too large' },
  cross_site_refused: {
    'zh-cn': '已拒绝来自其他网站的请求，请直接在 CreatorDesk 中操作',
    'en-us': 'Refused a request sent from another website. Please use CreatorDesk directly',
  },
  host_not_served: {
    'zh-cn':
      '此 CreatorDesk 服务器不接受这个地址的访问，请用它自己的地址打开（管理员可把该地址加入 ALLOWED_HOSTS）',
    'en-us':
      'This CreatorDesk server does not answer for this address. Open it at its own address (the operator can add this one to ALLOWED_HOSTS)',
  },
  no_token: { 'zh-cn': '请先登录', 'en-us': 'Please sign in' },
  token_invalid: {
    'zh-cn': '登录已失效，请重新登录',
    'en-us': 'Your login is no longer valid, please sign in again',
  },
  token_expired: {
    'zh-cn': '登录已过期，请重新登录',
    'en-us': 'Your login has expired, please sign in again',
  },
  session_replaced: {
    'zh-cn': '您的账号已在其他地方登录',
    'en-us': 'Your account was signed in somewhere else',
  },
  account_disabled: { 'zh-cn': '账号已被禁用', 'en-us': 'This account is disabled' },
  password_changed: {
    'zh-cn': '密码已修改，请重新登录',
    'en-us': 'Your password was changed, please sign in again',
  },
  workspace_changed: {
    'zh-cn': '您的团队已变更，请重新登录',
    'en-us': 'Your team has changed, please sign in again',
  },
};

export function message(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const entry = MESSAGES[key];
  return entry ? formatMessage(entry[lang], lang, params) : key;
}

/**
 * Adds a feature's messages. Called at module load by the feature's file in domain/messages/, which
 * the feature's routes file imports (and a service that formats the feature's texts itself).
 */
export function defineMessages(dict: Dict): void {
  for (const [k, v] of Object.entries(dict)) {
    if (MESSAGES[k] && JSON.stringify(MESSAGES[k]) !== JSON.stringify(v))
      throw new Error(`message ${k} defined twice`);
    // A malformed text fails here, at module load, not in the middle of a request.
    parse(v['zh-cn']);
    parse(v['en-us']);
    MESSAGES[k] = v;
  }
}
