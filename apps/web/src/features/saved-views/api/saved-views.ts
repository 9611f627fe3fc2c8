import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  type SavedView,
  savedViewSchema,
  savedViewsResponseSchema,
  updateSavedView,
} from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

const viewsKey = (page: string) => ['saved-views', page] as const;

export function useSavedViews(page: string) {
  return useQuery({
    queryKey: viewsKey(page),
    queryFn: async (): Promise<SavedView[]> =>
      savedViewsResponseSchema.parse((await api.get(listSavedViews.path, { params: { page } })).data).items,
  });
}

/** Save, make default (or not), delete: each refetches the page's views. */
export function useChangeSavedViews(page: string) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: viewsKey(page) });
  return {
    save: useMutation({
      mutationFn: async (input: { name: string; query: string }) =>
        savedViewSchema.parse((await api.post(createSavedView.path, { page, ...input })).data),
      onSuccess: refetch,
    }),
    setDefault: useMutation({
      mutationFn: async (input: { id: string; isDefault: boolean }) =>
        savedViewSchema.parse(
          (await api.patch(endpointPath(updateSavedView, input.id), { isDefault: input.isDefault })).data,
        ),
      onSuccess: refetch,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await api.delete(endpointPath(deleteSavedView, id));
      },
      onSuccess: refetch,
    }),
  };
}
