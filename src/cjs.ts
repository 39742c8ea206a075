// A CommonJS package loaded with import(): bundled by esbuild, its exports are
// the module's `default`; unbundled (tests), Node names them. This gives the
// exports either way.
export function cjsExports<T>(loaded: T): T {
  return ((loaded as unknown as { default?: T }).default ?? loaded) as T;
}
