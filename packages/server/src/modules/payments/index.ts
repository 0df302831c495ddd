// The public entry of the payments module: what the app and other modules may use. Everything else in this folder is private to it.

export { configuredProviders, type Providers } from './providers';
export { checkBankAccount } from './providers/sepa';
export { paymentsModule } from './routes';
