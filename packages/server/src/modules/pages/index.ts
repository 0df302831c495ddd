// The public entry of the pages module: what the app and other modules may use. Everything else in this folder is private to it.

export { createPublishedPage } from './admin-service';
export { pagesModule } from './routes';
export { createPage, type NewPage } from './service';
