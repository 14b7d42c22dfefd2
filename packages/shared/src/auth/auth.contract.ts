import { z } from 'zod';
import { endpoint } from '../http';
import {
  entityAccessQuery,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  tokenResponse,
} from './auth.schema';
import { routeTable } from './auth.routes';

export const authContract = {
  login: endpoint({
    ...routeTable.login,
    summary: 'Log in with e-mail and password (form-encoded)',
    body: loginBody,
    response: tokenResponse,
  }),
  forgotPassword: endpoint({
    ...routeTable.forgotPassword,
    summary: 'Mail a password-reset link (always 202: no enumeration)',
    body: forgotPasswordBody,
    response: z.object({}),
  }),
  resetPassword: endpoint({
    ...routeTable.resetPassword,
    summary: 'Set a new password with a mailed token',
    body: resetPasswordBody,
    response: z.object({}),
  }),
  actions: endpoint({
    ...routeTable.actions,
    summary: "The caller's actions on an entity (class-level without entity_id)",
    query: entityAccessQuery,
    response: z.object({ actions: z.array(z.string()) }),
  }),
  editFields: endpoint({
    ...routeTable.editFields,
    summary: 'The fields the caller may PATCH on an entity',
    query: entityAccessQuery,
    response: z.object({ fields: z.array(z.string()) }),
  }),
};
