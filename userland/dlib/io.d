/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * io.d - bufinfo_t, devinfo_t and fileinfo_t, the arguments of DTrace's
 * io provider (args[0], args[1], args[2]), translated from the Linux
 * block layer's struct request (io:::start, io:::done) and struct bio
 * (io:::wait-start, io:::wait-done: submit_bio_wait()); the b_flags
 * constants.  Part of sonde's D library.
 *
 * A request does not know the file it serves: fileinfo_t says "<none>",
 * as DTrace does for I/O without a file.  dev_statname is the disk's
 * name and, for a partition, its number ("vda", "vda1").  A bio's
 * iterator has moved past its data when it completes: at wait-done,
 * b_bcount is 0 and b_blkno the sector after it (arg2 and arg1 hold
 * the values of wait-start).
 */

typedef struct bufinfo {
	int b_flags;			/* B_READ or B_WRITE, ... */
	size_t b_bcount;		/* bytes */
	caddr_t b_addr;			/* buffer address */
	uint64_t b_blkno;		/* block (512-byte sector) on the device */
	uint64_t b_lblkno;		/* logical block */
	size_t b_resid;			/* bytes not transferred */
	size_t b_bufsize;		/* size of the buffer */
	caddr_t b_iodone;		/* completion routine */
	int b_error;			/* error */
	dev_t b_edev;			/* device */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;			/* major number */
	int dev_minor;			/* minor number */
	int dev_instance;		/* instance */
	string dev_name;		/* the device's name */
	string dev_statname;		/* name and partition, as iostat shows */
	string dev_pathname;		/* path under /dev */
} devinfo_t;

typedef struct fileinfo {
	string fi_name;			/* the file's name */
	string fi_dirname;		/* its directory */
	string fi_pathname;		/* its path */
	offset_t fi_offset;		/* offset in the file */
	string fi_fs;			/* file system type */
	string fi_mount;		/* mount point */
	int fi_oflags;			/* open flags */
} fileinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/* the kernel's dev_t: major in the top 12 bits, minor in the low 20 */
inline int __MINORBITS = 20;
inline unsigned int __MINORMASK = 0xfffff;

translator bufinfo_t < struct request *R > {
	/* REQ_OP_*: the writes are the odd operations (op_is_write()) */
	b_flags = (R->cmd_flags & 1) ? B_WRITE : B_READ;
	b_bcount = R->__data_len;
	b_addr = 0;
	b_blkno = R->__sector;
	b_lblkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = 0;
	b_error = 0;
	b_edev = R->part == 0 ? 0 : R->part->bd_dev;
};

translator devinfo_t < struct request *R > {
	dev_major = R->q->disk->major;
	dev_minor = R->part == 0 ? R->q->disk->first_minor :
	    R->part->bd_dev & __MINORMASK;
	dev_instance = R->q->disk->first_minor;
	dev_name = stringof(R->q->disk->disk_name);
	dev_statname = R->part == 0 ||
	    (R->part->bd_dev & __MINORMASK) == R->q->disk->first_minor ?
	    stringof(R->q->disk->disk_name) :
	    strjoin(stringof(R->q->disk->disk_name),
	    lltostr((R->part->bd_dev & __MINORMASK) - R->q->disk->first_minor));
	dev_pathname = R->part == 0 ||
	    (R->part->bd_dev & __MINORMASK) == R->q->disk->first_minor ?
	    strjoin("/dev/", stringof(R->q->disk->disk_name)) :
	    strjoin(strjoin("/dev/", stringof(R->q->disk->disk_name)),
	    lltostr((R->part->bd_dev & __MINORMASK) - R->q->disk->first_minor));
};

translator fileinfo_t < struct request *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = 0;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};

translator bufinfo_t < struct bio *B > {
	b_flags = (B->bi_opf & 1) ? B_WRITE : B_READ;
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_blkno = B->bi_iter.bi_sector;
	b_lblkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = B->bi_status;
	b_edev = B->bi_bdev == 0 ? 0 : B->bi_bdev->bd_dev;
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev->bd_disk->major;
	dev_minor = B->bi_bdev->bd_dev & __MINORMASK;
	dev_instance = B->bi_bdev->bd_disk->first_minor;
	dev_name = stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = (B->bi_bdev->bd_dev & __MINORMASK) ==
	    B->bi_bdev->bd_disk->first_minor ?
	    stringof(B->bi_bdev->bd_disk->disk_name) :
	    strjoin(stringof(B->bi_bdev->bd_disk->disk_name),
	    lltostr((B->bi_bdev->bd_dev & __MINORMASK) -
	    B->bi_bdev->bd_disk->first_minor));
	dev_pathname = strjoin("/dev/", (B->bi_bdev->bd_dev & __MINORMASK) ==
	    B->bi_bdev->bd_disk->first_minor ?
	    stringof(B->bi_bdev->bd_disk->disk_name) :
	    strjoin(stringof(B->bi_bdev->bd_disk->disk_name),
	    lltostr((B->bi_bdev->bd_dev & __MINORMASK) -
	    B->bi_bdev->bd_disk->first_minor)));
};

translator fileinfo_t < struct bio *B > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = 0;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};

/*
 * An open file: DTrace's fileinfo_t of a struct file, and fds[], the
 * current process's open files by descriptor.  The path is d_path()'s,
 * from the process's root; a file of a pseudo file system (a pipe, a
 * socket) has the path "<unknown>" (the kernel makes its name up); the
 * mount point is not known ("<unknown>").  A descriptor that is not open
 * gives "<none>" and zeros.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" :
	    stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" :
	    stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : (struct file *)NULL);
