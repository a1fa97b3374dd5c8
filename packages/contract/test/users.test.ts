import { describe, expect, it } from 'vitest';
import { ROLE } from '../src/permissions.ts';
import { saveUserRequest, updateUserRequest } from '../src/users.ts';

/** An Operator as the new client's form sends it, under our (snake_case) names. */
const operator = {
  first_name: 'Maria',
  last_name: 'Santos',
  user_email: 'maria.santos@example.ph',
  phone_1: '09171234567',
  role_id: ROLE.Operator,
  house_number: '12',
  street_name: 'Rizal Street',
  province_id: 1,
  town_id: 2,
  barangay_id: 3,
  zip_code: '6000',
};

/** The same user as the old client's Add User form sends it (legacy-api.md, SaveUser). */
const oldForm = {
  firstName: 'Maria',
  lastName: 'Santos',
  email: 'maria.santos@example.ph',
  phone1: '09171234567',
  UserType: String(ROLE.Operator),
  houseLotNumber: '12',
  streetName: 'Rizal Street',
  province: '1',
  town: '2',
  barangay: '3',
  zipCode: '6000',
  floorLevel: '2F',
  selectBirthDay: '15',
  selectBirthMonth: '6',
  rELicence: 'RE-1',
  userSkills: '4,5',
  reasonInactive: '',
  inactiveUser: 'Active',
  sameAsAgency: 0,
};

describe('SaveUser: the old camelCase names', () => {
  it('maps each old name to ours', () => {
    const user = saveUserRequest.parse(oldForm) as Record<string, unknown>;
    expect(user).toMatchObject({
      first_name: 'Maria',
      last_name: 'Santos',
      user_email: 'maria.santos@example.ph',
      phone_1: '09171234567',
      role_id: ROLE.Operator,
      house_number: '12',
      street_name: 'Rizal Street',
      province_id: 1,
      town_id: 2,
      barangay_id: 3,
      zip_code: '6000',
      floor: '2F',
      birth_day: 15,
      birth_month: 6,
      re_license: 'RE-1',
      user_skills: [4, 5],
      user_status: 'Active',
      is_address_same_as_agency: false,
    });
  });

  it('lets our name win where a request carries both, whatever their order', () => {
    expect(saveUserRequest.parse({ ...operator, firstName: 'Old' })).toMatchObject({ first_name: 'Maria' });
    expect(saveUserRequest.parse({ firstName: 'Old', ...operator })).toMatchObject({ first_name: 'Maria' });
  });

  it('reports a rule broken under an old name at our name', () => {
    const result = saveUserRequest.safeParse({ ...oldForm, selectBirthDay: '31', selectBirthMonth: '4' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['birth_day'], message: 'This month has no such day' }),
    );
  });

  it('asks for the reason of an Inactive user', () => {
    const result = saveUserRequest.safeParse({ ...operator, user_status: 'InActive' });
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['reason'], message: 'Reason for Inactive is required' }),
    );
  });

  it("requires an agent's licence, agency and broker", () => {
    const result = saveUserRequest.safeParse({ ...operator, role_id: ROLE.Agent });
    const missing = result.error!.issues.map((i) => i.path[0]);
    expect(missing).toEqual(
      expect.arrayContaining(['re_license', 'associated_agency_id', 'associated_broker_id']),
    );
  });
});

describe('UpdateUser', () => {
  it('takes the old names too, and needs the user id', () => {
    expect(updateUserRequest.parse({ ...oldForm, user_id: '9' })).toMatchObject({
      user_id: 9,
      first_name: 'Maria',
      role_id: ROLE.Operator,
    });
    expect(updateUserRequest.safeParse(oldForm).success).toBe(false);
  });

  it('lets our name win over the old one', () => {
    expect(updateUserRequest.parse({ ...oldForm, user_id: 9, first_name: 'Ours' })).toMatchObject({
      first_name: 'Ours',
    });
  });
});
