import { useEffect } from 'react';

/** Each page sets the document title (spec §2). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
