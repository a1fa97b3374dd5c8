import { useQuery } from '@tanstack/react-query';
import { propertyApi } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import { callQuery, listQuery, recordQuery } from '../../lib/queries.ts';
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
export const usePropertyMedia = (propertyId: number) =>
  useQuery(
    callQuery(propertyApi.showallimagesvideo, { property_id: propertyId }, { read: (r) => r.resultdata }),
  );
export const useDeleteMedia = () => useApiMutation(propertyApi.deletepropertyimages, MEDIA_RELOADS);
export const useMakeDefaultImage = () => useApiMutation(propertyApi.propertyimagesisDefault, MEDIA_RELOADS);
export const useUploadImage = () => useApiMutation(propertyApi.saveimagesupload, MEDIA_RELOADS);
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
