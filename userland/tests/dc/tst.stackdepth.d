fbt::vfs_read:entry
{
	@depth = quantize(stackdepth);
	@udepth = max(ustackdepth);
}
