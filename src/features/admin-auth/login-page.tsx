import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Camera, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useNavigate } from '@/lib/navigation/navigation';
import { z } from '@/lib/schema';
import { useAuth } from '@/lib/auth/auth-provider';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import { PageLoader } from '@/ui/page-loader';
import { notify } from '@/ui/toast';

const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** /admin: the admin sign-in form (SPEC §2, §5, §8). */
export function LoginPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (status === 'resolving') return <PageLoader />;
  if (status === 'signed-in' && !isSubmitting) return <Redirect to="/admin/dashboard" replace />;

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    const result = await signIn(username, password);
    if (!result.ok) {
      notify.error(result.message, 'Login Failed');
      return;
    }
    notify.success('Welcome back!', 'Successfully logged in to admin panel');
    navigate('/admin/dashboard', { replace: true });
  });

  return (
    <main className="admin-theme flex min-h-dvh items-center justify-center bg-background px-4 py-12">
      <div className="w-full max-w-sm">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary">
              <Camera className="size-6" aria-hidden />
            </span>
            <CardTitle as="h1" className="text-2xl">
              Admin Login
            </CardTitle>
            <CardDescription>Sign in to manage your galleries</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={formSubmit(onSubmit)} className="grid gap-4">
              <FormField label="Username" error={errors.username?.message}>
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...form.register('username')}
                />
              </FormField>
              <FormField label="Password" error={errors.password?.message}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  {...form.register('password')}
                />
              </FormField>
              <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
                {isSubmitting ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden /> Signing in...
                  </>
                ) : (
                  'Sign In'
                )}
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden /> Back to Gallery
          </Link>
        </p>
      </div>
    </main>
  );
}
