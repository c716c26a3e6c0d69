import type { MetaFunction } from '@remix-run/node';
import { screenMeta } from '~/meta';

const copy = { title: 'Восстановление пароля' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export default function PasswordScreen() {
  return <h1>{copy.title}</h1>;
}
