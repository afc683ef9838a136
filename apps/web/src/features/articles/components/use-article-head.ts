import { useEffect } from 'react';
import { useLocation } from 'react-router';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * The document's title and meta description while an article is shown (the server wrote them into
 * the page it sent; a page reached inside the app gets them here), the description put back when
 * the page goes. The root layout writes the route's title when the path changes, in an effect that
 * runs after this page's (a parent's effects run after its children's): the article's title is
 * written again once that has run.
 */
export function useArticleHead(title: string | null, description: string | null) {
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is when the root layout writes its title
  useEffect(() => {
    if (!title) return;
    document.title = title;
    let current = true;
    queueMicrotask(() => {
      if (current) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [title, pathname]);

  useEffect(() => {
    if (!description) return;
    const meta = descriptionMeta();
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
}
