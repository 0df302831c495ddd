// Modules that vite.config.ts makes at build time.
declare module 'virtual:plaza-endpoint-routes' {
  /** Every endpoint of the contract by resource, as `{ method, path }` (typed in lib/endpoint-routes.ts). */
  export const routes: Record<string, Record<string, { method: string; path: string }>>;
}
