// /login: a modal over the initiatives overview.
import { LoginModal } from '../../features/auth';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['auth'];

export const Login = LoginModal;
