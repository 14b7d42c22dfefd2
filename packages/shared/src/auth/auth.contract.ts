import { z } from 'zod';
import { endpoint } from '../http';
import {
  entityAccessQuery,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  tokenResponse,
} from './auth.schema';

export const authContract = {
  login: endpoint({
    method: 'POST',
    path: '/auth/jwt/login',
    summary: 'Log in with e-mail and password (form-encoded)',
    public: true,
    bodyType: 'form',
    body: loginBody,
    response: tokenResponse,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Mail a password-reset link (always 202: no enumeration)',
    public: true,
    body: forgotPasswordBody,
    response: z.object({}),
    status: 202,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a mailed token',
    public: true,
    body: resetPasswordBody,
    response: z.object({}),
  }),
  actions: endpoint({
    method: 'GET',
    path: '/auth/entity-access/actions',
    summary: "The caller's actions on an entity (class-level without entity_id)",
    public: true,
    query: entityAccessQuery,
    response: z.object({ actions: z.array(z.string()) }),
  }),
  editFields: endpoint({
    method: 'GET',
    path: '/auth/entity-access/edit-fields',
    summary: 'The fields the caller may PATCH on an entity',
    public: true,
    query: entityAccessQuery,
    response: z.object({ fields: z.array(z.string()) }),
  }),
};
