/** Messages of the team calls, in both languages. */
import { defineMessages } from '../messages.ts';

defineMessages({
  team_title_required: { 'zh-cn': '请输入团队名称', 'en-us': 'Please enter the team name' },
  team_title_too_long: {
    'zh-cn': '团队名称最多12个字符',
    'en-us': 'The team name can be at most 12 characters',
  },
  team_id_required: { 'zh-cn': '请提供邀请码', 'en-us': 'Please give the invite code' },
  team_invite_invalid: {
    'zh-cn': '邀请链接无效或已失效，请向团队管理员索取新的链接',
    'en-us': 'This invite link is not valid. Ask the team admin for a new link',
  },
  team_invite_limit: {
    'zh-cn': '无效的邀请链接尝试过多，请{minutes}分钟后再试',
    'en-us':
      'Too many invalid invite links. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  team_invite_reset: {
    'zh-cn': '已生成新的邀请链接，旧链接已失效',
    'en-us': 'New invite link created; the old link no longer works',
  },
  team_admin_cannot_leave: {
    'zh-cn': '管理员不能退出团队，请先转让管理员或解散团队',
    'en-us': 'The admin cannot leave. Transfer admin or dismiss the team first',
  },
  team_left: { 'zh-cn': '已退出团队', 'en-us': 'You left the team' },
  team_member_required: { 'zh-cn': '请选择团队成员', 'en-us': 'Please select a team member' },
  team_transfer_member_required: {
    'zh-cn': '请选择要转让的团队成员',
    'en-us': 'Please select the team member to transfer to',
  },
  team_already_joined: {
    'zh-cn': '您已加入团队，请先退出当前团队',
    'en-us': 'You are already in a team',
  },
  team_not_joined: { 'zh-cn': '您还没有加入团队', 'en-us': 'You are not in a team' },
  team_not_found: {
    'zh-cn': '团队不存在或已解散',
    'en-us': 'The team does not exist or was dismissed',
  },
  team_admin_only: { 'zh-cn': '只有团队管理员可以操作', 'en-us': 'Only the team admin can do this' },
  team_member_not_found: {
    'zh-cn': '该用户不是本团队成员',
    'en-us': 'This user is not a member of your team',
  },
  team_admin_cannot_be_removed: {
    'zh-cn': '不能移除团队管理员',
    'en-us': 'The team admin cannot be removed',
  },
  team_transfer_to_member: {
    'zh-cn': '只能转让给非管理员的团队成员',
    'en-us': 'Admin can only be transferred to a member who is not the admin',
  },
  team_created: { 'zh-cn': '团队创建成功', 'en-us': 'Team created' },
  team_joined: { 'zh-cn': '已加入团队', 'en-us': 'You joined the team' },
  team_dismissed: { 'zh-cn': '团队已解散', 'en-us': 'The team was dismissed' },
  team_member_removed: {
    'zh-cn': '已移除成员。邀请链接已更换，旧链接不再有效',
    'en-us': 'Member removed. The invite link changed: the old link no longer works',
  },
  team_transferred: { 'zh-cn': '管理员已转让', 'en-us': 'Admin transferred' },
});
