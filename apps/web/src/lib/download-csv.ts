import { api } from './api-client';
import { queryParams } from './query-params';

/**
 * Downloads a list's CSV export with the list's filters. The server streams it; the browser keeps
 * the file and saves it under the name the server gives (content-disposition), else `fallbackName`.
 */
export async function downloadCsv(path: string, filters: object, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(path, { params: queryParams(filters), responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
