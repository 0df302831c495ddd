import { routes as table } from 'virtual:plaza-endpoint-routes';
import type { Endpoint, endpoints } from '@plaza/contract';

/**
 * What the client needs of an endpoint to call it: method and path. The endpoint's own type rides along
 * (type only) so `call` types the input and answer exactly as for the full endpoint.
 */
export interface EndpointRoute<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  /** Never set at runtime: carries the endpoint's type. */
  readonly '~endpoint'?: E;
}

type Endpoints = typeof endpoints;
type Routes = {
  [R in keyof Endpoints]: {
    [K in keyof Endpoints[R]]: Endpoints[R][K] extends Endpoint ? EndpointRoute<Endpoints[R][K]> : never;
  };
};

/**
 * The contract's endpoints without their zod schemas, made from the contract at build time (vite.config.ts).
 * Code on the first load (session, translations, sign-in) calls these, so the sign-in route does not evaluate
 * the contract's schema graph nor bundle zod; everything else may use `endpoints` from the contract as well.
 */
export const routes = table as unknown as Routes;
