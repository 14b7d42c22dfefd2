export { usersRoutes } from './users.routes';
export { signedPicture, toUserResponse } from './users.response';
