import { z } from 'zod';

export const loginRequest = z.object({ password: z.string().min(1, 'Required').max(1000) });
export const loginResponse = z.object({ success: z.boolean(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;
export const statusResponse = z.object({ isAuthenticated: z.boolean() });
export type StatusResponse = z.infer<typeof statusResponse>;
export const logoutResponse = z.object({ success: z.boolean(), message: z.string() });
