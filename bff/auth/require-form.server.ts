/**
 * Reads an action's form, or throws the 4xx that says why it cannot: every action posts a form, so another
 * method is 405, a body that is not a form (none, JSON, text) is 415, and a form that cannot be parsed (broken
 * multipart) is 400. Input the portal cannot use is the client's error, never a 500 with a stack in the log.
 */
export async function requireForm(request: Request): Promise<FormData> {
  if (request.method !== 'POST') throw refuse(405, 'Метод не поддерживается.', { Allow: 'POST' });
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw refuse(415, 'Ожидалась отправка формы.');
  }
  try {
    return await request.formData();
  } catch {
    throw refuse(400, 'Не удалось прочитать форму.');
  }
}

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}
