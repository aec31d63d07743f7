/**
 * Messages of accounts, SMS codes and VIP, in both languages. Validation keys are the issue
 * messages of contract/schemas/account.ts; each one says which field is wrong.
 */
import { defineMessages } from '../messages.ts';

defineMessages({
  account_sys_tag_invalid: { 'zh-cn': '系统标识（sys_tag）错误', 'en-us': 'Invalid system tag (sys_tag)' },
  account_login_mode_invalid: {
    'zh-cn': '登录方式（isPassword）只能为1或2',
    'en-us': 'The sign-in mode (isPassword) must be 1 or 2',
  },
  account_login_required: { 'zh-cn': '请输入手机号', 'en-us': 'Enter your email or phone number' },
  account_phone_or_email: {
    'zh-cn': '请输入正确的手机号（11位）或邮箱',
    'en-us': 'Enter a phone number (11 digits) or an email address',
  },
  account_phone_required: { 'zh-cn': '请输入手机号', 'en-us': 'Enter your phone number' },
  account_phone_invalid: {
    'zh-cn': '手机号格式错误，请输入11位手机号',
    'en-us': 'The phone number is wrong: enter 11 digits',
  },
  account_email_required: { 'zh-cn': '请输入邮箱', 'en-us': 'Enter your email address' },
  account_email_invalid: { 'zh-cn': '邮箱格式错误', 'en-us': 'The email address is not valid' },
  account_password_required: { 'zh-cn': '请输入密码', 'en-us': 'Enter your password' },
  account_password_length: {
    'zh-cn': '密码长度为6-64个字符',
    'en-us': 'The password must be 6 to 64 characters',
  },
  account_repassword_required: { 'zh-cn': '请再次输入密码', 'en-us': 'Repeat the new password' },
  account_password_mismatch: {
    'zh-cn': '两次输入的密码不一致',
    'en-us': 'The repeated password does not match',
  },
  account_sms_code_required: { 'zh-cn': '请输入验证码', 'en-us': 'Enter the SMS code' },
  account_sms_code_format: { 'zh-cn': '验证码为6位数字', 'en-us': 'The SMS code is 6 digits' },
  account_sms_code_invalid: {
    'zh-cn': '验证码错误或已过期',
    'en-us': 'The SMS code is wrong or has expired',
  },
  account_sms_login_phone_only: {
    'zh-cn': '验证码登录请输入手机号',
    'en-us': 'Sign-in by SMS code needs a phone number',
  },
  account_login_failed: { 'zh-cn': '账号或密码错误', 'en-us': 'Wrong account or password' },
  account_login_locked: {
    'zh-cn': '登录失败次数过多，请{minutes}分钟后再试',
    'en-us': 'Too many failed sign-ins. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_login_ip_limit: {
    'zh-cn': '该网络登录失败次数过多，请{minutes}分钟后再试',
    'en-us':
      'Too many failed sign-ins from this network. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_signed_in_elsewhere: {
    'zh-cn': '该账号已在其他地方登录，是否继续在此登录？',
    'en-us': 'This account is signed in elsewhere. Sign in here anyway?',
  },
  account_signed_in: { 'zh-cn': '登录成功', 'en-us': 'Signed in' },
  account_registered: { 'zh-cn': '注册成功', 'en-us': 'Your account is ready' },
  account_register_limit: {
    'zh-cn': '注册过于频繁，请{minutes}分钟后再试',
    'en-us':
      'Too many sign-ups from this network. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_phone_taken: { 'zh-cn': '该手机号已注册', 'en-us': 'This phone number is already registered' },
  account_email_taken: { 'zh-cn': '该邮箱已注册', 'en-us': 'This email address is already registered' },
  account_logged_out: { 'zh-cn': '已退出登录', 'en-us': 'Signed out' },
  account_password_updated: {
    'zh-cn': '密码修改成功，其他设备需重新登录',
    'en-us': 'Password changed. Other devices must sign in again',
  },
  account_old_password_required: { 'zh-cn': '请输入当前密码', 'en-us': 'Enter your current password' },
  account_old_password_wrong: { 'zh-cn': '当前密码错误', 'en-us': 'The current password is wrong' },
  account_password_locked: {
    'zh-cn': '密码错误次数过多，请{minutes}分钟后再试',
    'en-us': 'Too many wrong passwords. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_sms_sent: { 'zh-cn': '验证码已发送', 'en-us': 'The code has been sent' },
  account_sms_wait: {
    'zh-cn': '验证码发送过于频繁，请{seconds}秒后再试',
    'en-us': 'Please wait {seconds, plural, one {# second} other {# seconds}} before requesting another code',
  },
  account_sms_daily_limit: {
    'zh-cn': '该手机号今日获取验证码次数已达上限',
    'en-us': 'This phone number has reached the daily limit of codes',
  },
  account_sms_ip_limit: {
    'zh-cn': '验证码请求过于频繁，请{minutes}分钟后再试',
    'en-us':
      'Too many code requests from this network. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_sms_send_failed: {
    'zh-cn': '验证码发送失败，请稍后再试',
    'en-us': 'The code could not be sent. Please try again later',
  },
  account_redeem_code_required: { 'zh-cn': '请输入兑换码', 'en-us': 'Enter the redeem code' },
  account_redeem_code_invalid: {
    'zh-cn': '兑换码为16位字母或数字',
    'en-us': 'The redeem code is 16 letters and digits',
  },
  account_redeem_code_not_found: { 'zh-cn': '兑换码不存在', 'en-us': 'This redeem code does not exist' },
  account_redeem_code_limit: {
    'zh-cn': '兑换码错误次数过多，请{minutes}分钟后再试',
    'en-us': 'Too many wrong redeem codes. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  account_redeem_code_used: {
    'zh-cn': '该兑换码已被使用',
    'en-us': 'This redeem code has already been used',
  },
  account_vip_opened: {
    'zh-cn': 'VIP开通成功，有效期至{date}',
    'en-us': 'VIP is active until {date}',
  },
});
