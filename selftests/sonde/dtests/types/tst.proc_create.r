
created: the child
