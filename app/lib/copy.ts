/** Russian texts shared by several modules; texts used once sit at the top of their module. */
export const copy = {
  /** Only for an error page rendered without root loader data: the real title comes from configuration. */
  fallbackProductTitle: 'Образовательный портал',
  siteDescription: 'Образовательный портал с личным кабинетом.',
  skipLink: 'Перейти к содержимому',
  home: 'На главную',
  cabinet: 'Личный кабинет',
  profile: 'Профиль',
  logout: 'Выйти',
  errorTitle: (status: number) => `Ошибка ${status}`,
} as const;
