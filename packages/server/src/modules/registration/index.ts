// The public entry of the registration module: what the app, the demo content and the bench may use. Everything else in this folder is private to it.

export { createGiftAs, createOptionAs, createTopicAs } from './catalogue-service';
export { removeExpiredConfirmationLinks, removeUnconfirmedAccounts } from './register-service';
export { registrationModule } from './routes';
