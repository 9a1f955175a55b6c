/* DTrace guide: kernel stacks sampled at 997 Hz */
profile-997
/arg0/
{
	@[stack()] = count();
}
