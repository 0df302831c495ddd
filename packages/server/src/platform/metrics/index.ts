export { metricsPlugin } from './plugin';
