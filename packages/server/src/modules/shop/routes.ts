import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { receiveUpload, registerMultipart, type UploadDeps } from '../uploads';
import {
  createProduct,
  deleteProduct,
  listAdminProducts,
  readAdminProduct,
  removeProductImage,
  saveProduct,
  uploadProductImage,
} from './admin-service';
import { addItem, cartAnswer, changeItem, removeItem, saveCartAddress, shopCountries } from './cart-service';
import { shareCatalogueChanges } from './catalogue-memo';
import { listProducts } from './service';

/**
 * The shop's catalogue and the member's cart (the payment choice, purchases and orders are the payments
 * module's): members read active products and keep their own cart; superadmins and the `shop`
 * permission manage the catalogue.
 */
export async function shopModule(app: FastifyInstance, { database, bus, storage }: AppDeps): Promise<void> {
  const { db } = database;
  // Another instance changed a product: drop the catalogue kept here too.
  const unsubscribe = await shareCatalogueChanges(db, bus, app.log);
  app.addHook('onClose', unsubscribe);
  const deps: UploadDeps = { db, storage };
  const { shop } = endpoints;

  route(app, shop.products, ({ request }) => listProducts(db, request.locale));

  route(app, shop.cart, ({ user, request }) => cartAnswer(db, user, request.locale));
  route(app, shop.addItem, ({ user, body, request }) => addItem(db, user, body, request.locale));
  route(app, shop.replaceItem, ({ user, params, body, request }) =>
    changeItem(db, user, params.id, body, 'replace', request.locale),
  );
  route(app, shop.updateItem, ({ user, params, body, request }) =>
    changeItem(db, user, params.id, body, 'update', request.locale),
  );
  route(app, shop.removeItem, ({ user, params, request }) => removeItem(db, user, params.id, request.locale));
  route(app, shop.deliveryAddress, ({ user, body, request }) =>
    saveCartAddress(db, user, 'delivery_address', body, request.locale),
  );
  route(app, shop.invoiceAddress, ({ user, body, request }) =>
    saveCartAddress(db, user, 'invoice_address', body, request.locale),
  );
  route(app, shop.countries, ({ request }) => ({ results: shopCountries(request.locale) }));

  route(app, shop.adminProducts, ({ user, query }) => listAdminProducts(db, user, query));
  route(app, shop.adminCreateProduct, ({ user, body, request }) =>
    createProduct(db, user, body, auditOrigin(request)),
  );
  route(app, shop.adminProduct, ({ user, params }) => readAdminProduct(db, user, params.id));
  route(app, shop.adminSaveProduct, ({ user, params, body, request }) =>
    saveProduct(db, user, params.id, body, auditOrigin(request)),
  );
  route(app, shop.adminDeleteProduct, ({ user, params, request }) =>
    deleteProduct(deps, user, params.id, auditOrigin(request)),
  );
  route(app, shop.adminRemoveProductImage, ({ user, params, request }) =>
    removeProductImage(deps, user, params.id, auditOrigin(request)),
  );

  // Multipart parsing exists only inside this scope, for the upload route.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, shop.adminUploadProductImage, ({ user, params, request }) =>
      uploadProductImage(deps, user, params.id, () => receiveUpload(request), auditOrigin(request)),
    );
  });
}
