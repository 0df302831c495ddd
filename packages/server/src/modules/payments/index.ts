// The public entry of the payments module: what the app and other modules may use. Everything else in this folder is private to it.

export { day, money } from './format';
export { type InvoiceDocument, invoiceFileName, invoicePdf, type Seller } from './invoice-pdf';
export { sepaCollectionDays } from './mails';
export { addressRow, presentAddress } from './presenter';
export { configuredProviders, type Providers } from './providers';
export { checkBankAccount, maskedAccount } from './providers/sepa';
export { paymentsModule } from './routes';
export { onStripeEvent } from './webhook';
