import { z } from '@/lib/schema';

// SPEC §5: new password and confirmation must match and be at least 6 characters.
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

// bcrypt reads only the first 72 bytes; the server refuses longer passwords.
const newPassword = z
  .string()
  .min(6, PASSWORD_TOO_SHORT)
  .refine(
    (value) => new TextEncoder().encode(value).length <= 72,
    'Password must be at most 72 bytes',
  );

const matches = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;
const mismatch = { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] };

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(matches, mismatch);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z
  .object({
    username: z.string().min(1, 'Choose an admin user'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(matches, mismatch);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

// The server's username rule (admin_credentials_username_format); usernames are stored lower-case.
export const addAdminSchema = z
  .object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Username is required')
      // An empty name has its own message above.
      .regex(
        /^$|^[a-z0-9_.-]{3,32}$/,
        'Username must be 3 to 32 letters, digits, dots, dashes or underscores',
      ),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(matches, mismatch);
export type AddAdminInput = z.input<typeof addAdminSchema>;
export type AddAdminValues = z.output<typeof addAdminSchema>;
