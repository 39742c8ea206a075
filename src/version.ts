declare const __DOCPLAT_VERSION__: string;
/** Set by the bundler from package.json; "dev" when run from source (tests). */
export const VERSION: string = typeof __DOCPLAT_VERSION__ === 'string' ? __DOCPLAT_VERSION__ : '0.0.0-dev';
