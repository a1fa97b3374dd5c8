import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { propertyApi, type PropertyMediaRow } from '@app/contract';
import { apiPost, showServerMessage } from '../../lib/api.ts';
import { useApiMutation } from '../../lib/mutations.ts';
import { callKey, callQuery, listQuery, recordQuery } from '../../lib/queries.ts';
import type { PropertyCard } from './listing.ts';

/** What a change of a listing reloads: the listing's cards and the record its form and media page read. */
export const PROPERTY_RELOADS = [propertyApi.allproperty, propertyApi.GetPropertyById];
/** What a change of a listing's media reloads: its media and the cards (their image). */
export const MEDIA_RELOADS = [propertyApi.showallimagesvideo, propertyApi.allproperty];

/** The listing's cards (Property > Property List), a page at a time. */
export const propertyListQuery = listQuery<PropertyCard>(propertyApi.allproperty);
export const useDeleteProperty = () => useApiMutation(propertyApi.deleteproperty, [propertyApi.allproperty]);

/** A listing's record (its name heads the media page); null for an unknown id. */
/** A listing's record, as its form and media page load it. */
export const propertyRecordQuery = (id: number | null) => recordQuery(propertyApi.GetPropertyById, 'id', id);
export const usePropertyRecord = (id: number) => useQuery(propertyRecordQuery(id));

/**
 * The caller's open listings and open property limit, read afresh each time the Add form opens: a
 * listing sold or archived meanwhile frees a place.
 */
export const useOpenPropertyLimit = (enabled: boolean) =>
  useQuery({
    ...callQuery(propertyApi.GetOpenPropertyLimit, {}, { read: (r) => r.resultData }),
    enabled,
    staleTime: 0,
  });

/** A listing's images and videos; they answer under `resultdata` (lower-case d), as the old client reads it. */
const mediaQuery = (propertyId: number) =>
  callQuery(propertyApi.showallimagesvideo, { property_id: propertyId }, { read: (r) => r.resultdata });
export const usePropertyMedia = (propertyId: number) => useQuery(mediaQuery(propertyId));

/**
 * Saves a listing's images in a new order with one call. The list shows the new order at once (the
 * first marked default) and goes back to the old one if the server refuses; then both reload.
 */
export function useReorderImages(propertyId: number) {
  const queryClient = useQueryClient();
  const key = callKey(propertyApi.showallimagesvideo, { property_id: propertyId });
  return useMutation({
    mutationFn: (imageIds: number[]) =>
      apiPost(propertyApi.reorderPropertyImages, { property_id: propertyId, image_ids: imageIds }),
    onMutate: async (imageIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PropertyMediaRow[]>(key);
      if (before) {
        const at = (m: PropertyMediaRow) => imageIds.indexOf(m.id);
        const images = before.filter((m) => m.type === 'Image').sort((a, b) => at(a) - at(b));
        const others = before.filter((m) => m.type !== 'Image');
        const first = images[0]?.id;
        queryClient.setQueryData(key, [
          ...images.map((m) => ({ ...m, isDefault: m.id === first ? (1 as const) : (0 as const) })),
          ...others,
        ]);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: showServerMessage,
    onSettled: () =>
      Promise.all(MEDIA_RELOADS.map(({ name }) => queryClient.invalidateQueries({ queryKey: [name] }))),
  });
}
export const useDeleteMedia = () => useApiMutation(propertyApi.deletepropertyimages, MEDIA_RELOADS);
export const useMakeDefaultImage = () => useApiMutation(propertyApi.propertyimagesisDefault, MEDIA_RELOADS);
/** A video link: the cards show images only, so only the media are reloaded. */
export const useAddVideo = () =>
  useApiMutation(propertyApi.saveimagesupload, [propertyApi.showallimagesvideo]);

/** The ids of a listing's amenities, always read afresh. */
export const useSelectedAmenities = (propertyId: number) =>
  useQuery({
    ...callQuery(
      propertyApi.getSelectedPropertyAmenities,
      { propertyId },
      { read: (r) => r.resultData.map((row) => row.amenities_id) },
    ),
    staleTime: 0,
  });
export const useSaveAmenities = () =>
  useApiMutation(propertyApi.savePropertyMappingAmenities, [propertyApi.getSelectedPropertyAmenities]);
