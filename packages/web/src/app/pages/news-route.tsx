import { NewsArticlePage } from '../../features/news/news-article-page';
import { PostCard } from '../../features/posts/post-card';

/** `/{lang}/news/{id}`: an article, or a single post drawn with the posts feature's card (comments open). */
export function NewsRoute() {
  return <NewsArticlePage renderPost={(post) => <PostCard post={post} commentsOpen />} />;
}
