// The public entry of the news module: what the app and other modules may use. Everything else in this folder is private to it.
export { newsModule } from './routes';
export { newsReactionFacts, teaserArticlesRead } from './service';
export { forgetNewsTeasers } from './teaser-memo';
