export { usersRoutes } from './users.routes';
export { toUserResponse } from './users.response';
