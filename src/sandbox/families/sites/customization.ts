// The customization of a published site (`customizations.site` of
// GET .../published): the platform's defaults, complete enough to match the
// public OpenAPI description's SiteCustomizationSettings. The sandbox has no
// operation that changes them.
const pair = <T>(light: T, dark: T) => ({ light, dark });

export function defaultCustomization(title: string): Record<string, unknown> {
  return {
    title,
    styling: {
      theme: 'clean',
      primaryColor: pair('#346DDB', '#346DDB'),
      infoColor: pair('#787878', '#787878'),
      successColor: pair('#00C950', '#00C950'),
      warningColor: pair('#FE9A00', '#FE9A00'),
      dangerColor: pair('#FB2C36', '#FB2C36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      codeTheme: { default: pair('default-light', 'default-dark'), openapi: pair('default-light', 'default-dark') },
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'prominent',
    },
    internationalization: { locale: 'en' },
    favicon: {},
    header: { preset: 'default', links: [] },
    footer: { groups: [] },
    themes: { default: 'system', toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'search' },
    advancedCustomization: { enabled: false },
    trademark: { enabled: true },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    pageActions: { items: [] },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}
