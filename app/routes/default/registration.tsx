import type { MetaFunction } from '@remix-run/node';
import { screenMeta } from '~/meta';

const copy = { title: 'Регистрация' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export default function RegistrationScreen() {
  return <h1>{copy.title}</h1>;
}
