// SPDX-License-Identifier: GPL-2.0
/*
 * ToolWork.java - the Java workload of the tools' selftests
 * (dtests/tools/tst.java*.sh): it waits until the file named by its first
 * argument exists (so a tracer can attach to the running JVM with -p),
 * then does a known amount of each thing the Java tools trace:
 *
 *   java -cp DIR ToolWork GOFILE N
 *     starts and joins one thread named "toolwork-worker";
 *     loads the class ToolWork$Extra (not loaded before GOFILE);
 *     calls ToolWork.work() N times;
 *     calls System.gc() N times (a full collection each with
 *     -XX:+UseSerialGC);
 *   then prints "done" and exits 0.
 */
public class ToolWork {
	static class Extra {
		static int value = 42;
	}

	static int sink;

	static int work(int i)
	{
		return i * 2 + 1;
	}

	public static void main(String[] args) throws Exception
	{
		java.io.File go = new java.io.File(args[0]);
		int n = Integer.parseInt(args[1]);

		while (!go.exists())
			Thread.sleep(10);
		Thread t = new Thread(() -> sink += 1, "toolwork-worker");
		t.start();
		t.join();
		sink += Extra.value;
		for (int i = 0; i < n; i++)
			sink += work(i);
		for (int i = 0; i < n; i++)
			System.gc();
		System.out.println("done");
	}
}
