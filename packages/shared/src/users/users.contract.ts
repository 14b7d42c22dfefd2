import { z } from 'zod';
import { emptyResponse, endpoint, idParams } from '../http';
import {
  inviteUserBody,
  pictureSchema,
  unsubscribeRemindersBody,
  updateUserBody,
  userSchema,
  usersQuery,
} from './users.schema';
import { routeTable } from './users.routes';

export const usersContract = {
  list: endpoint({
    ...routeTable.list,
    summary: 'List users (the caller first), filtered by e-mail',
    query: usersQuery,
    response: z.object({ users: z.array(userSchema) }),
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read one user',
    params: idParams,
    query: z.object({ expand: z.string().optional() }),
    response: userSchema,
  }),
  invite: endpoint({
    ...routeTable.invite,
    summary: 'Invite a user: creates the account and mails a set-password link',
    body: inviteUserBody,
    response: userSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit profile, settings or password',
    params: idParams,
    body: updateUserBody,
    response: userSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete a user',
    params: idParams,
    response: z.undefined(),
  }),
  uploadPicture: endpoint({
    ...routeTable.uploadPicture,
    summary: 'Upload or replace the profile picture (multipart field "file")',
    params: idParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    ...routeTable.removePicture,
    summary: 'Remove the profile picture and its files (also when there is none)',
    params: idParams,
    response: emptyResponse,
  }),
  unsubscribeReminders: endpoint({
    ...routeTable.unsubscribeReminders,
    summary: 'Turn the receipt reminders off with the signed link of a reminder mail (no login)',
    body: unsubscribeRemindersBody,
    response: z.object({}),
  }),
};
