import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import {
  adminCategories,
  adminLocations,
  createCategory,
  createLocation,
  deleteCategory,
  deleteLocation,
  saveCategory,
  saveLocation,
} from './admin-service';
import { exportRatings, xlsxType } from './export';
import {
  allReviewsForLocation,
  listRatings,
  ratingCard,
  ratingComments,
  ratingFilters,
  readRating,
  submitReview,
} from './service';

/** Employer ratings: members read and review locations; exporters download the workbook; superadmins manage. */
export async function ratingsModule(app: FastifyInstance, { database, clock }: AppDeps): Promise<void> {
  const { db } = database;
  const now = clock ?? systemClock;
  const { ratings } = endpoints;

  route(app, ratings.list, ({ user, query }) => listRatings(db, user, query));
  route(app, ratings.filters, ({ user, request }) => ratingFilters(db, user, request.locale));
  route(app, ratings.card, ({ user, query }) =>
    ratingCard(db, user, query.location_id === undefined ? undefined : Number(query.location_id)),
  );
  route(app, ratings.export, async ({ user, query, request, reply }) => {
    const stream = await exportRatings(db, user, query, request.locale);
    const day = now().toISOString().slice(0, 10);
    reply
      .type(xlsxType)
      .header('content-disposition', `attachment; filename="ratings-${day}.xlsx"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache');
    return stream;
  });
  route(app, ratings.get, ({ user, params, request }) =>
    readRating(db, user, params.id, request.locale, now()),
  );
  route(app, ratings.comments, ({ user, params, query }) => ratingComments(db, user, params.id, query));
  route(app, ratings.allReviews, ({ user, params, query }) =>
    allReviewsForLocation(db, user, params.id, query),
  );
  route(app, ratings.review, ({ user, params, body, request }) =>
    submitReview(db, user, params.id, body, request.locale, now()),
  );

  route(app, ratings.adminLocations, ({ user }) => adminLocations(db, user));
  route(app, ratings.adminCreateLocation, ({ user, body, request }) =>
    createLocation(db, user, body, auditOrigin(request)),
  );
  route(app, ratings.adminSaveLocation, ({ user, params, body, request }) =>
    saveLocation(db, user, params.id, body, auditOrigin(request)),
  );
  route(app, ratings.adminDeleteLocation, ({ user, params, request }) =>
    deleteLocation(db, user, params.id, auditOrigin(request)),
  );
  route(app, ratings.adminCategories, ({ user }) => adminCategories(db, user));
  route(app, ratings.adminCreateCategory, ({ user, body, request }) =>
    createCategory(db, user, body, auditOrigin(request)),
  );
  route(app, ratings.adminSaveCategory, ({ user, params, body, request }) =>
    saveCategory(db, user, params.id, body, auditOrigin(request)),
  );
  route(app, ratings.adminDeleteCategory, ({ user, params, request }) =>
    deleteCategory(db, user, params.id, auditOrigin(request)),
  );
}
