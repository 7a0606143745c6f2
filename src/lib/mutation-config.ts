/**
 * What a component may add to a feature's mutation hook: its own onSuccess (a toast, an
 * emptied form) or onError, never the mutationFn (bulletproof-react's lib/react-query.ts).
 */
import type { UseMutationOptions } from '@tanstack/react-query'

export type MutationConfig<TInput, TData> = Omit<UseMutationOptions<TData, Error, TInput>, 'mutationFn'>
