/** The letters about the account's address. */

const LINK_TERMS = 'Ссылка действует 72 часа и работает один раз.';

/** The registration's letter, and the one after an unconfirmed address was corrected. */
export function confirmationMessage(to: string, link: string) {
  return {
    to,
    subject: 'Подтвердите адрес электронной почты',
    body:
      'Вы зарегистрировались на портале. Чтобы подтвердить, что это ваш адрес, откройте ссылку и нажмите ' +
      `«Подтвердить адрес»:\n${link}\n\n` +
      `${LINK_TERMS} Пока адрес не подтверждён, мы не присылаем на него ссылки на ` +
      'диктант и ответы на вопросы и обращения. Если вы не регистрировались, просто проигнорируйте это письмо.',
  };
}

/** To the new address of a confirmed account's change: only its link makes the change. */
export function newAddressMessage(to: string, link: string) {
  return {
    to,
    subject: 'Подтвердите новый адрес электронной почты',
    body:
      'В личном кабинете портала попросили сделать этот адрес адресом для входа и писем. Чтобы подтвердить, что ' +
      `это ваш адрес, откройте ссылку и нажмите «Подтвердить адрес»:\n${link}\n\n` +
      `${LINK_TERMS} До подтверждения вход и письма остаются на прежнем адресе. Если вы ничего не меняли, ` +
      'просто проигнорируйте это письмо: адрес не изменится.',
  };
}

/** To the confirmed address when a change was asked for: the new address masked. */
export function changeNoticeMessage(to: string, newEmail: string) {
  return {
    to,
    subject: 'Запрошена смена адреса электронной почты',
    body:
      `В вашем личном кабинете портала попросили сменить адрес для входа и писем на ${maskEmail(newEmail)}. ` +
      'Адрес сменится, только когда по ссылке из письма на новый адрес его подтвердят; до тех пор вход и письма — ' +
      'на этот адрес.\n\n' +
      'Если это были не вы, смените пароль: войдите и откройте «Профиль» → «Безопасность» или воспользуйтесь ' +
      '«Забыли пароль?» на странице входа. Смена пароля отменяет смену адреса и завершает все сеансы входа.',
  };
}

/** To the former address once the new one is confirmed. */
export function changedNoticeMessage(to: string, newEmail: string) {
  return {
    to,
    subject: 'Адрес электронной почты изменён',
    body:
      `Адрес для входа на портал и писем изменён на ${maskEmail(newEmail)}: на этот адрес письма больше не придут. ` +
      'Если это были не вы, напишите в поддержку портала с этого адреса.',
  };
}

/** «a***@mail.ru»: enough for the owner to know it, too little for anyone else to write to it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}***${email.slice(at)}`;
}
