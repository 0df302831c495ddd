export type { Metrics } from './instruments';
export { metricsPlugin } from './plugin';
