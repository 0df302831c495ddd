// The public entry of the jobs module: what the app and other modules may use. Everything else in this folder is private to it.

export { createJobAs, locationIdByName } from './admin-service';
export { jobsModule } from './routes';
