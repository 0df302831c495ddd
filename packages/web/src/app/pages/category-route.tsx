import { CategoryPage } from '../../features/news/category-page';
import { PostCard } from '../../features/posts/post-card';

/** `/{lang}/categories/{id}`: the topic view, the news stream of one category (posts drawn by the posts feature). */
export function CategoryRoute() {
  return <CategoryPage renderPost={(post) => <PostCard post={post} />} />;
}
