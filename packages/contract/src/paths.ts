/** The page of a post, without the language prefix (the news article route shows a single post too). */
export function postPath(postId: number): string {
  return `/news/post-${postId}`;
}
