// The public entry of the shop module: what the app and other modules (payments, orders) may use. Everything else in this folder is private to it.

export { createProductAs } from './admin-service';
export { cartAnswer, shopCountries } from './cart-service';
export {
  type CheckoutCart,
  type CheckoutLine,
  type CheckoutPayment,
  checkoutCart,
  emptyCart,
  returnStock,
  saveCartPayment,
  takeStock,
} from './checkout';
export { shopModule } from './routes';
