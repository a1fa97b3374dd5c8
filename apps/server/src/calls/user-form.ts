import {
  defaultOpenPropertyLimit,
  isAdminRole,
  MESSAGES,
  openPropertyLimitAfterRoleChange,
  ROLE,
  userApi,
  WELCOME_LINK_TTL_HOURS,
  type UserFields,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import type { Services } from '../lib/call-context.ts';
import { conflict, HttpError, notFound } from '../lib/errors.ts';
import { newToken } from '../lib/crypto.ts';
import { placeMedia, removeMedia, storeImage, type StoredImage } from '../lib/media.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { revokeSessions } from '../lib/session.ts';
import { mayAssign } from '../lib/scope.ts';
import {
  checkUserForm,
  findUserRecord,
  refuseUserFormSave,
  replaceUserLinks,
  userLinks,
} from '../lib/user-profile.ts';
import { linkSteps } from '../lib/links.ts';
import { events } from '../lib/notification-events.ts';
import { sendApprovalCode } from './otp.ts';
import type { FastifyRequest } from 'fastify';
import { afterAnswer } from '../lib/background.ts';
import { inTransaction } from '../db/index.ts';
import {
  activeSuperAdminStays,
  findUserForUpdate,
  insertStatusChange,
  insertUser,
  lockSuperAdmins,
  updateUser,
} from '../db/repositories/users.ts';
import { LAST_SUPER_ADMIN } from './users.ts';
import { fullName } from '../db/repositories/full-name.ts';

/** The user's columns from the form, with the address checkUserForm answered (limit decided by the caller). */
const columnsFrom = (input: UserFields, address: Record<string, unknown>) => ({
  first_name: input.first_name,
  last_name: input.last_name,
  nick_name: input.nick_name,
  role_id: input.role_id,
  user_email: input.user_email,
  phone_1: input.phone_1,
  phone_2: input.phone_2,
  associated_agency_id: input.associated_agency_id,
  is_address_same_as_agency: input.is_address_same_as_agency,
  self_broker: input.self_broker,
  ...address,
  birth_day: input.birth_day,
  birth_month: input.birth_month,
  birth_year: input.birth_year,
  re_license: input.re_license,
  website: input.website,
  profile_statement: input.profile_statement,
});

/** Stores the uploaded picture, if any; the caller removes it again when the save fails. */
const storeProfileImage = (services: Services, files: Record<string, Buffer>) =>
  files.profile_image
    ? storeImage(mediaStore(services.config), files.profile_image, {
        field: 'profile_image',
        tooLarge: MESSAGES.profileImageLimit,
        wrongType: MESSAGES.imageType,
      })
    : Promise.resolve(null);

/**
 * Runs `save` with the picture stored, and places its files once `save` has committed the row naming
 * them: the row of the user whose id it answers.
 */
export async function withStoredImage<T extends { user_id: number }>(
  services: Services,
  files: Record<string, Buffer>,
  save: (image: StoredImage | null) => Promise<T>,
): Promise<T> {
  const image = await storeProfileImage(services, files);
  let saved: T;
  try {
    saved = await save(image);
  } catch (err) {
    if (image) await removeMedia(mediaStore(services.config), image.file, image.thumbnail);
    throw err;
  }
  if (image) await placeMedia(services.db, mediaStore(services.config), image, { userId: saved.user_id });
  return saved;
}

const imageColumns = (image: StoredImage | null) =>
  image ? { profile_image: image.file, profile_thumbnail: image.thumbnail } : {};

/**
 * A new user chooses their own password through a single-use link (the reset mechanism). The link is
 * stored in the statement that creates the user, so neither is ever kept without the other.
 */
function welcomeLink() {
  const { token, tokenHash } = newToken();
  return { token, tokenHash, expiresAt: new Date(Date.now() + WELCOME_LINK_TTL_HOURS * 3_600_000) };
}

/** Mails the new user their link, once the user is saved, after the answer. */
function sendWelcomeLink(
  { config, mailer, req }: Services & { req: FastifyRequest },
  user: { first_name: string; user_email: string },
  token: string,
) {
  const link = `${config.publicUrl}/reset-password?token=${token}`;
  afterAnswer(req, 'welcome mail', () =>
    mailer.send({
      to: user.user_email,
      subject: 'Welcome to Pinoy Property: choose your password',
      text: `Hello ${user.first_name},\n\nAn account was created for you. To choose your password, open this link within ${WELCOME_LINK_TTL_HOURS} hours:\n\n${link}\n\nThe link works once.\n`,
    }),
  );
}

export const profileImageUpload = { files: ['profile_image'], tooLarge: MESSAGES.profileImageLimit } as const;

export const userFormCalls: AnyCall[] = [
  defineCall(userApi.GetUserById, {
    access: ['Edit User', 'Users'],
    tag: 'Users',
    summary: "One user for the edit form, with id lists as comma strings and the user's status history",
    async handle({ db, input, user }) {
      const record = await findUserRecord(db, input.user_id);
      // Users of a type the caller may not manage are outside their scope.
      if (record.user_id !== user.user_id && !(await mayAssign(db, user, record.role_id))) {
        throw notFound('User');
      }
      return { resultData: [record] };
    },
  }),

  defineCall(userApi.SaveUser, {
    create: true,
    access: 'Add User',
    tag: 'Users',
    summary: 'Create a user (JSON or multipart with profile_image); they get a link to choose a password',
    upload: profileImageUpload,
    async handle(ctx) {
      const { db, input, user, files, req } = ctx;
      // A caller who may not create this type learns nothing else.
      const columns = columnsFrom(input, await checkUserForm(db, user, input));
      const status = input.user_status ?? 'Active';
      const open_property_limit =
        isAdminRole(user.role_id) && input.open_property_limit !== undefined
          ? input.open_property_limit
          : defaultOpenPropertyLimit(input.role_id);
      const welcome = welcomeLink();
      const created = await withStoredImage(ctx, files, (image) =>
        insertUser(
          db,
          {
            ...columns,
            ...imageColumns(image),
            open_property_limit,
            user_status: status,
            status_reason: status === 'Inactive' ? input.reason : null,
            password_hash: null,
            created_by: user.user_id,
            updated_by: user.user_id,
          },
          {
            status: {
              new_status: status,
              reason: input.reason ?? 'Account created',
              changed_by: user.user_id,
            },
            welcome,
          },
          [...linkSteps(userLinks(input), 'u'), events.userCreated(user, 'u')],
        ),
      ).catch(refuseUserFormSave);
      sendWelcomeLink(ctx, created, welcome.token);
      // A Super Admin waiting for approval gets the code now, as in the old system, so a client that
      // never asks for one (sendVerifyOTP) can verify it; it lasts as long as the welcome link.
      if (created.role_id === ROLE.SuperAdmin && status === 'New') {
        await sendApprovalCode(ctx, created, user.user_id, WELCOME_LINK_TTL_HOURS * 60).catch(
          (err: unknown) => req.log.error({ err }, 'approval code failed'),
        );
      }
      return {
        message: `User saved successfully. A link to choose a password was sent to ${created.user_email}`,
        user_id: created.user_id,
      };
    },
  }),

  defineCall(userApi.UpdateUser, {
    access: 'Edit User',
    tag: 'Users',
    summary: 'Update a user (JSON or multipart with profile_image); status changes are recorded',
    upload: profileImageUpload,
    async handle(ctx) {
      const { db, input, user, files } = ctx;
      const current = await findUserForUpdate(db, input.user_id);
      if (current?.user_id === user.user_id) {
        throw new HttpError(409, 'Use Account Details to change your own profile');
      }
      if (!current || !(await mayAssign(db, user, current.role_id))) throw notFound('User');
      const columns = columnsFrom(input, await checkUserForm(db, user, input, current.user_id));
      const replaced = await withStoredImage(ctx, files, (image) =>
        inTransaction(db, async (trx) => {
          // The Super Admins first, as every change that could leave none active locks them.
          const superAdmins = current.role_id === ROLE.SuperAdmin ? await lockSuperAdmins(trx) : undefined;
          // Compared under the user's lock: a status or role changed since the read above (a deactivation
          // at the same moment) is what this save keeps or changes, not what it read before.
          const locked = await findUserForUpdate(trx, current.user_id, true);
          if (!locked || !(await mayAssign(trx, user, locked.role_id))) throw notFound('User');
          const status = input.user_status ?? locked.user_status;
          const roleChanged = input.role_id !== locked.role_id;
          // No longer Active, or with other grants: they sign in again; a Super Admin stops being one.
          const endsSessions = status !== 'Active' || roleChanged;
          const leaving = endsSessions && locked.role_id === ROLE.SuperAdmin;
          if (superAdmins && leaving && !activeSuperAdminStays(superAdmins, [locked.user_id]))
            throw conflict(LAST_SUPER_ADMIN.demoted);
          // The limit an Admin sends is theirs. Otherwise it follows a change of type while it is the
          // old type's default, and a limit an Admin chose stays (decision 29).
          const open_property_limit =
            isAdminRole(user.role_id) && input.open_property_limit !== undefined
              ? input.open_property_limit
              : openPropertyLimitAfterRoleChange(locked.open_property_limit, locked.role_id, input.role_id);
          await updateUser(trx, locked.user_id, {
            ...columns,
            ...imageColumns(image),
            open_property_limit,
            user_status: status,
            status_reason: status === 'Inactive' ? input.reason : null,
            updated_by: user.user_id,
          });
          const links = await replaceUserLinks(
            trx,
            locked.user_id,
            input.user_skills,
            input.associated_broker_id,
          );
          if (links.brokers) await events.agentBrokerChanged(trx, user, locked.user_id, fullName(input));
          if (status !== locked.user_status) {
            await insertStatusChange(trx, {
              user_id: locked.user_id,
              old_status: locked.user_status,
              new_status: status,
              reason: input.reason,
              changed_by: user.user_id,
            });
          }
          if (endsSessions) await revokeSessions(trx, locked.user_id);
          return locked;
        }),
      ).catch(refuseUserFormSave);
      if (files.profile_image) {
        const { profile_image, profile_thumbnail } = replaced;
        await removeUnnamedMedia(
          ctx.db,
          mediaStore(ctx.config),
          ctx.req.log,
          profile_image,
          profile_thumbnail,
        );
      }
      return { message: 'User updated successfully' };
    },
  }),
];
