import { z } from 'zod';
import { errorCode } from './error-codes';

export const loginRequest = z.object({ password: z.string().min(1, 'Required').max(1000) });
/** `code` is set when the sign-in was refused (error-codes.ts). */
export const loginResponse = z.object({ success: z.boolean(), message: z.string(), code: errorCode.optional() });
export type LoginResponse = z.infer<typeof loginResponse>;
export const statusResponse = z.object({ isAuthenticated: z.boolean() });
export type StatusResponse = z.infer<typeof statusResponse>;
export const logoutResponse = z.object({ success: z.boolean(), message: z.string() });
/** POST /api/admin/logout-everywhere: ends every admin session, this one included. */
export const logoutEverywhereResponse = z.object({ success: z.literal(true), message: z.string() });
export type LogoutEverywhereResponse = z.infer<typeof logoutEverywhereResponse>;
export const LOGOUT_EVERYWHERE_MESSAGE = 'Every device has been signed out, this one included.';
