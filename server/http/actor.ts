/** The person behind a call, as history rows record them. */
import type { Actor } from '../db/creator-events.repository.ts';
import type { AuthContext } from '../services/session.service.ts';

export const actorOf = (auth: AuthContext): Actor => ({ id: auth.user.id, name: auth.user.member_name });
