// /login: a modal over the initiatives overview.
import { LoginModal } from '../../features/auth';

export const Login = LoginModal;
