import { z } from 'zod';
import { emptyResponse, endpoint, idParams } from '../http';
import {
  inviteUserBody,
  pictureSchema,
  updateUserBody,
  userSchema,
  usersQuery,
} from './users.schema';

export const usersContract = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'List users (the caller first), filtered by e-mail',
    public: true,
    query: usersQuery,
    response: z.object({ users: z.array(userSchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/user/:id',
    summary: 'Read one user',
    public: true,
    params: idParams,
    query: z.object({ expand: z.string().optional() }),
    response: userSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/user',
    summary: 'Invite a user: creates the account and mails a set-password link',
    bodyType: 'multipart',
    body: inviteUserBody,
    response: userSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/user/:id',
    summary: 'Edit profile, settings or password',
    params: idParams,
    body: updateUserBody,
    response: userSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/user/:id',
    summary: 'Delete a user',
    params: idParams,
    response: z.undefined(),
    status: 204,
  }),
  uploadPicture: endpoint({
    method: 'POST',
    path: '/user/:id/profile-picture',
    summary: 'Upload or replace the profile picture (multipart field "file")',
    bodyType: 'multipart',
    params: idParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: '/user/:id/profile-picture',
    summary: 'Remove the profile picture and its files (also when there is none)',
    params: idParams,
    response: emptyResponse,
    status: 204,
  }),
};
