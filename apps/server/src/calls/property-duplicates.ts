import { propertyDuplicateApi } from '@app/contract';
import { duplicateCandidates } from '../db/repositories/property-duplicates.ts';
import { propertyInScope, propertyScope } from '../lib/property-scope.ts';
import { defineCall, type AnyCall } from './registry.ts';

/**
 * The duplicate-listing check (decision 48): who may save a listing may ask it. A likely duplicate in
 * the caller's scope is answered whole; one outside it only by its agent, agency and similarity.
 */
export const propertyDuplicateCalls: AnyCall[] = [
  defineCall(propertyDuplicateApi.CheckDuplicateProperty, {
    access: ['Add Property', 'Edit Property'],
    tag: 'Properties',
    summary:
      'The likely duplicates of a listing as its form holds it (same barangay, area and price within 5%, name and street alike), most alike first; the listing being edited (id, 404 outside your scope) left out. Outside your scope only the agent, agency and similarity are shown',
    async handle({ db, input, user }) {
      // Only a listing one may edit is being edited: another id is 404, as updateproperty answers it.
      if (input.id !== null) await propertyInScope(db, user, input.id);
      const found = await duplicateCandidates(db, input, propertyScope(user));
      return {
        resultData: found.map((row) =>
          row.in_scope
            ? row
            : {
                in_scope: false,
                property_id: null,
                property_name: null,
                address: null,
                land_area: null,
                price: null,
                status: null,
                agent_name: row.agent_name,
                agency_name: row.agency_name,
                similarity: row.similarity,
              },
        ),
      };
    },
  }),
];
