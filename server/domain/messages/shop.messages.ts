/** Messages of the TikTok Shop connection: call refusals, why a shop stopped (and what to do), sync errors. */
import { defineMessages } from '../messages.ts';

defineMessages({
  shop_admin_only: {
    'zh-cn': '只有团队管理员可以管理 TikTok Shop 连接',
    'en-us': 'Only the team admin can manage the TikTok Shop connection',
  },
  shop_secrets_key_missing: {
    'zh-cn': '服务器未设置 SECRETS_KEY，无法保存凭据，请联系服务器管理员',
    'en-us':
      'The server has no SECRETS_KEY, so it cannot store credentials; ask whoever runs the server to set it',
  },
  shop_credentials_missing: {
    'zh-cn': '请先填写 Partner Center 应用的 App Key、App Secret 和服务 ID',
    'en-us': "First enter your Partner Center app's App Key, App Secret and service ID",
  },
  shop_credentials_unreadable: {
    'zh-cn': '已保存的应用凭据无法读取（服务器密钥已更换），请重新填写',
    'en-us': "The saved app credentials cannot be read (the server's key changed); enter them again",
  },
  shop_consent_limit: {
    'zh-cn': '一小时内最多发起 {max} 次授权，请稍后再试',
    'en-us': 'At most {max} authorizations can be started per hour; try again later',
  },
  shop_choose: {
    'zh-cn': '本工作区在 {country} 有多个 TikTok Shop 店铺（{shops}），请选择要使用的店铺',
    'en-us': 'This workspace has several TikTok Shops for {country} ({shops}); choose which shop to use',
  },
  shop_not_found: { 'zh-cn': '店铺不存在', 'en-us': 'This shop does not exist' },
  shop_not_active: {
    'zh-cn': '该店铺未在同步（已停止或已断开）',
    'en-us': 'This shop is not syncing (stopped or disconnected)',
  },
  shop_sync_wait: {
    'zh-cn': '刚刚已请求同步，请 {seconds} 秒后再试',
    'en-us': 'A sync was just requested; try again in {seconds, plural, one {# second} other {# seconds}}',
  },
  shop_kind_invalid: { 'zh-cn': '未知的数据类型', 'en-us': 'Unknown kind of data' },
  shop_app_key_required: { 'zh-cn': '请输入 App Key', 'en-us': 'Please enter the App Key' },
  shop_app_key_invalid: {
    'zh-cn': 'App Key 只能包含字母、数字、- 和 _，最多 64 个字符',
    'en-us': 'The App Key holds letters, digits, - and _ only, at most 64 characters',
  },
  shop_app_secret_required: { 'zh-cn': '请输入 App Secret', 'en-us': 'Please enter the App Secret' },
  shop_app_secret_invalid: {
    'zh-cn': 'App Secret 不能包含空格，最多 128 个字符',
    'en-us': 'The App Secret holds no spaces, at most 128 characters',
  },
  shop_service_id_required: { 'zh-cn': '请输入服务 ID', 'en-us': 'Please enter the service ID' },
  shop_service_id_invalid: {
    'zh-cn': '服务 ID 只能包含字母、数字、- 和 _，最多 64 个字符',
    'en-us': 'The service ID holds letters, digits, - and _ only, at most 64 characters',
  },

  shop_stop_refresh_failed: {
    'zh-cn': 'TikTok 拒绝刷新授权，同步已停止。请管理员在“设置 → TikTok Shop”重新授权。',
    'en-us':
      'TikTok refused to renew the authorization, so syncing stopped. An admin: authorize again in Settings → TikTok Shop.',
  },
  shop_stop_authorization_revoked: {
    'zh-cn': '卖家已撤销授权（或授权失效），同步已停止。请管理员重新授权。',
    'en-us':
      'The seller revoked the authorization (or it stopped working), so syncing stopped. An admin: authorize again.',
  },
  shop_stop_authorization_expired: {
    'zh-cn': '卖家的授权已到期，同步已停止。请管理员重新授权。',
    'en-us': "The seller's authorization ran out, so syncing stopped. An admin: authorize again.",
  },
  shop_stop_shop_removed: {
    'zh-cn': '该店铺已不在卖家的授权范围内。若仍需同步，请管理员重新授权并勾选此店铺。',
    'en-us':
      "This shop is no longer in the seller's authorization. To keep syncing it, an admin authorizes again including this shop.",
  },
  shop_stop_scope_missing: {
    'zh-cn': '应用缺少所需的 API 权限包。请在 Partner Center 开通后，由管理员重新授权。',
    'en-us':
      'The app lacks an API scope package it needs. Enable it in Partner Center, then an admin authorizes again.',
  },
  shop_stop_signature_invalid: {
    'zh-cn': 'TikTok 拒绝了请求签名，通常是 App Secret 已更换。请管理员重新填写 App Secret。',
    'en-us':
      'TikTok refused the request signature, usually because the App Secret changed. An admin: enter the App Secret again.',
  },
  shop_stop_credentials_invalid: {
    'zh-cn': 'TikTok 不认识此 App Key。请管理员检查并重新填写应用凭据。',
    'en-us': 'TikTok does not know this App Key. An admin: check and enter the app credentials again.',
  },
  shop_stop_shop_mismatch: {
    'zh-cn': '授权与店铺不匹配。请管理员用该店铺的卖家账号重新授权。',
    'en-us':
      "The authorization does not match the shop. An admin: authorize again with the shop's seller account.",
  },
  shop_stop_shop_deactivated: {
    'zh-cn': 'TikTok 显示该店铺或卖家账号已停用，同步已停止。',
    'en-us': 'TikTok reports the shop or seller account as deactivated, so syncing stopped.',
  },
  shop_stop_secrets_unreadable: {
    'zh-cn': '服务器无法读取已保存的凭据（SECRETS_KEY 已更换或缺失）。请管理员重新填写应用凭据并重新授权。',
    'en-us':
      'The server cannot read the saved credentials (SECRETS_KEY changed or is missing). An admin: enter the app credentials again and authorize again.',
  },
  shop_stop_credentials_removed: {
    'zh-cn': '授权此店铺所用的应用凭据已不存在。请管理员填写应用凭据并重新授权。',
    'en-us':
      'The app credentials this shop was authorized with are gone. An admin: enter the app credentials and authorize again.',
  },

  shop_error_throttled: {
    'zh-cn': 'TikTok 限流，稍后自动重试',
    'en-us': 'TikTok asked us to slow down; trying again automatically',
  },
  shop_error_transient: {
    'zh-cn': 'TikTok 暂时无响应，稍后自动重试',
    'en-us': 'TikTok did not answer; trying again automatically',
  },
  shop_error_invalid_response: {
    'zh-cn': 'TikTok 返回的数据格式不符，稍后自动重试（见请求 ID）',
    'en-us': 'TikTok sent data in an unexpected shape; trying again automatically (see the request id)',
  },
  shop_error_items_skipped: {
    'zh-cn': '部分数据格式不符，已跳过并记录（见请求 ID）',
    'en-us': 'Some lines had an unexpected shape and were left out and logged (see the request id)',
  },
  shop_error_internal: {
    'zh-cn': '同步出错，稍后自动重试',
    'en-us': 'The sync failed here; trying again automatically',
  },
});
